import Mustache

/// A page model, or a part of one, as templates read it: `child(named:)` answers each name its templates
/// print, and nil for any other, so Mustache goes on to the enclosing values (as with a dictionary's missing key).
///
/// Answering by name keeps a lookup as cheap as a dictionary's; without it the library reflects over every
/// stored property at each `{{name}}`, several times slower on a page of cards.
package protocol PageModel: MustacheParent {}

