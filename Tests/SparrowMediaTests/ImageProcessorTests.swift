import Foundation
import SparrowCore
import SparrowMedia
import Testing

/// A test picture: a coloured rectangle with a marker in its top-left corner, so rotation shows.
func svg(width: Int, height: Int, colour: String = "#ff8200") -> String {
  """
  <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)">
  <rect width="\(width)" height="\(height)" fill="\(colour)"/><rect width="\(width / 4)" height="\(height / 4)" fill="#000"/>
  </svg>
  """
}

@Suite struct ImageProcessorTests {
  let processor = ImageProcessor()

  @Test(arguments: ImageKind.allCases)
  func eachFormatIsSniffedResizedAndKept(_ kind: ImageKind) throws {
    let data = try processor.render(svg: svg(width: 800, height: 600), as: kind)

    let header = try processor.inspect(data)
    let thumbnail = try processor.resize(data, header: header, maxWidth: 180, maxHeight: 180)

    #expect(header.kind == kind)
    #expect(header.width == 800 && header.height == 600)
    #expect(thumbnail.width == 180 && thumbnail.height == 135)
    #expect(ImageKind.sniff(thumbnail.data) == kind)
  }

  @Test func animatedGIFsStayAnimated() throws {
    let frames = ["#f00", "#0f0", "#00f"].map { svg(width: 300, height: 200, colour: $0) }
    let gif = try processor.renderAnimation(frames: frames, delayMilliseconds: 100)

    let header = try processor.inspect(gif)
    let small = try processor.resize(gif, header: header, maxWidth: 180, maxHeight: 180)

    #expect(header.frames == 3)
    #expect(small.width == 180 && small.height == 120)
    #expect(try processor.inspect(small.data).frames == 3)
  }

  @Test func rotatedJPEGsAreTurnedUprightAndLoseTheirMetadata() throws {
    let jpeg = try processor.renderOrientedJPEG(svg: svg(width: 400, height: 200), orientation: 6)
    let header = try processor.inspect(jpeg)
    #expect(header.orientation == 6)

    let upright = try processor.resize(jpeg, header: header, maxWidth: 10_000, maxHeight: 10_000)

    #expect(upright.width == 200 && upright.height == 400)
    #expect(try processor.inspect(upright.data).orientation == 1)
  }

  @Test func refusals() throws {
    #expect(throws: MediaError.unsupported) { try processor.inspect(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) }
    #expect(throws: MediaError.unsupported) { try processor.inspect(Data("%PDF-1.4".utf8)) }
    #expect(throws: MediaError.tooLarge) { try processor.inspect(Data(count: ImageProcessor.maxBytes + 1)) }

    let big = try processor.render(svg: svg(width: 8000, height: 6000), as: .png)
    #expect(throws: MediaError.tooManyPixels) { try processor.inspect(big) }

    let jpeg = try processor.render(svg: svg(width: 800, height: 600), as: .jpeg)
    let truncated = jpeg.prefix(jpeg.count / 2)
    let header = try processor.inspect(truncated)
    #expect(throws: MediaError.self) { try processor.resize(truncated, header: header, maxWidth: 180, maxHeight: 180) }
    #expect(throws: MediaError.self) { try processor.inspect(Data([0xFF, 0xD8, 0xFF, 0x00, 0x01])) }
  }
}
