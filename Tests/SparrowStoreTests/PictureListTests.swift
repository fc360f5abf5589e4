import Foundation
import SparrowStore
import Testing

/// The pictures column's reader against JSONDecoder, its reference: the same pictures for every shape written,
/// and the same answer for every shape it leaves to JSONDecoder.
@Suite struct PictureListTests {
  static func reference(_ text: String) -> [PictureRef] {
    text.isEmpty ? [] : (try? JSONDecoder().decode([PictureRef].self, from: Data(text.utf8))) ?? []
  }

  @Test func readsWhatTheEnginesWriteInAnyKeyOrder() throws {
    let pictures = [
      PictureRef(id: "8cb29a0dd964f3fcc17657b0ccbc2afa", ext: "jpg", width: 800, height: 1200, frames: 1, bytes: 21490),
      PictureRef(id: "df4b", ext: "gif", width: 1, height: 2, frames: 30, bytes: 0),
    ]
    let sorted = JSONEncoder()
    sorted.outputFormatting = [.sortedKeys]
    for text in [
      String(decoding: try JSONEncoder().encode(pictures), as: UTF8.self),
      String(decoding: try sorted.encode(pictures), as: UTF8.self),
      #"[{"width":800,"bytes":21490,"id":"8cb29a0dd964f3fcc17657b0ccbc2afa","height":1200,"ext":"jpg","frames":1},"#
        + #" { "ext" : "gif", "id":"df4b","height":2,"width":1, "frames":30}]"#,
    ] {
      #expect(PictureList.decode(text) == pictures, "\(text)")
    }
    #expect(PictureList.decode("") == [] && PictureList.decode("[]") == [] && PictureList.decode(" [ ] ") == [])
    // Older rows without frames and bytes.
    #expect(PictureList.decode(#"[{"id":"a","ext":"png","width":3,"height":4}]"#)
      == [PictureRef(id: "a", ext: "png", width: 3, height: 4)])
  }

  @Test(arguments: [
    #"[{"id":"a\u0062","ext":"png","width":3,"height":4}]"#,  // an escape
    #"[{"id":"a","ext":"png","width":3.0,"height":4}]"#,  // a fraction
    #"[{"id":"a","ext":"png","width":3e2,"height":4}]"#,  // an exponent
    #"[{"id":"a","ext":"png","width":3,"height":4,"extra":{"x":[1]}}]"#,  // an unknown member
    #"[{"id":"a","ext":"png","width":3}]"#,  // a missing member
    #"[{"id":"a","ext":"png","width":3,"height":4}"#,  // cut short
    #"[{"id":"a","ext":"png","width":3,"height":4}] x"#,  // trailing text
    #"[{"id":"a","ext":"png","width":99999999999999999999,"height":4}]"#,  // past Int
    #"{"id":"a"}"#, "null", "[1]", #"[{"id":1,"ext":"png","width":3,"height":4}]"#, "not json",
  ])
  func everythingElseReadsAsJSONDecoderReadsIt(_ text: String) {
    #expect(PictureList.decode(text) == Self.reference(text))
  }
}
