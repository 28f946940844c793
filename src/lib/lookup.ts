/**
 * A table looked up by a key that comes from outside (a query parameter's name or value, a form
 * field): an object without prototype, so that `constructor`, `toString` or `__proto__` find
 * nothing. With a plain object literal, `TABLE['constructor']` is `Object` itself: the drop-in
 * answered 400 « function Object() { [native code] } » to `?constructor=1` (issue 36).
 */
export function lookupTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
