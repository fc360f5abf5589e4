import SparrowKit
import Testing

@Test func sparrowKitReExportsTheCoreModels() {
  #expect(TextLength.count("Test") == 2)
}
