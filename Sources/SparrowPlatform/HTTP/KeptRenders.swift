import SparrowStore
import Synchronization

/// One template's markup kept by the model it was rendered from, for the parts a page repeats (a list's rows):
/// a row is its model's values (the viewer's among them), so the same model always renders the same markup, and
/// any change makes a new model and a new render. Nothing is invalidated, nothing stale is shown. Rendering the
/// rows in Mustache was a quarter of 消息's time.
package final class KeptRenders<Model: PageModel & Hashable & Sendable>: Sendable {
  private let template: String
  private let pages: TemplateLibrary
  private let kept: Mutex<Generations<Model, String>>

  /// `limit` renders per generation: at most twice that are kept.
  package init(_ template: String, pages: TemplateLibrary, limit: Int = 5_000) {
    self.template = template
    self.pages = pages
    kept = Mutex(Generations(limit: limit))
  }

  /// `model` rendered by the template.
  package func html(_ model: Model) -> String {
    if let html = kept.withLock({ $0[model] }) { return html }
    let html = pages.text(template, model)
    kept.withLock { $0[model] = html }
    return html
  }

  /// `models` rendered and joined, in order.
  package func html(_ models: [Model]) -> String { models.map(html).joined() }
}
