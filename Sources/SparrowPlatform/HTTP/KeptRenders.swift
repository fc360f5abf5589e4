import SparrowStore
import Synchronization

/// One template's markup kept by the model it was rendered from, for the parts a page repeats (a list's rows):
/// a row is its model's values (the viewer's among them), so the same model always renders the same markup, and
/// any change makes a new model and a new render. Nothing is invalidated, nothing stale is shown. Rendering the
/// rows in Mustache was a quarter of 消息's time.
///
/// A list is looked up under one lock and its new renders kept under one more (a lock for each row made the threads
/// wait on each other). The lock guards only a table of hash values: each row's hash is computed before it, and
/// the kept row's model compared with the asked one after it (equal hashes of unequal models render afresh and
/// replace). Hashing and comparing the rows' every field under the lock was a fifth of the @ picker's time, with the
/// other thread waiting on it. Not inlinable: this toolchain specializes `@inlinable package` code only inside its
/// module, and `TemplateLibrary` is not public (see `Generations`).
package final class KeptRenders<Model: PageModel & Hashable & Sendable>: Sendable {
  /// A class: a lookup under the lock copies one reference, not the model's fields.
  private final class Kept: Sendable {
    let model: Model
    let html: String
    init(model: Model, html: String) {
      self.model = model
      self.html = html
    }
  }

  private let template: String
  private let pages: TemplateLibrary
  private let kept: Mutex<Generations<Int, Kept>>

  /// `limit` renders per generation: at most twice that are kept.
  package init(_ template: String, pages: TemplateLibrary, limit: Int = 5_000) {
    self.template = template
    self.pages = pages
    kept = Mutex(Generations(limit: limit))
  }

  /// `model` rendered by the template.
  package func html(_ model: Model) -> String { html([model]) }

  /// `models` rendered and joined, in order.
  package func html(_ models: [Model]) -> String {
    // A closure, not `\.hashValue`: the key path went through the runtime's generic projection for each row.
    let hashes = models.map { $0.hashValue }
    let found = kept.withLock { kept in hashes.map { kept[$0] } }
    var made: [(Int, Kept)] = []
    var out = ""
    for index in models.indices {
      if let found = found[index], found.model == models[index] {
        out += found.html
      } else {
        let html = pages.text(template, models[index])
        made.append((hashes[index], Kept(model: models[index], html: html)))
        out += html
      }
    }
    if !made.isEmpty { kept.withLock { kept in for (hash, row) in made { kept[hash] = row } } }
    return out
  }
}
