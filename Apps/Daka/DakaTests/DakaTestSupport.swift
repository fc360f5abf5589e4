import DakaApp
import DakaStore
import SparrowTestSupport

extension TestEngine {
  /// 打卡's journal on the engine under test.
  var journal: any DakaStore { DakaModule.journal(on: engine) }
}

extension TestWorld {
  /// 打卡's journal on the world's engine.
  var journal: any DakaStore { DakaModule.journal(on: engine) }
}
