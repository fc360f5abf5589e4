import SparrowTestSupport
import TuanApp
import TuanStore

extension TestEngine {
  /// 团购's store on the engine under test.
  var tuan: any TuanStore { TuanModule.store(on: engine) }
}

extension TestWorld {
  /// 团购's store on the world's engine.
  var tuan: any TuanStore { TuanModule.store(on: engine) }
}
