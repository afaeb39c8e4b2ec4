/** The entry for `day` in a map of days, added empty on first use: each record then adds its fields. */
export function dayEntry<T extends object>(days: Map<string, T>, day: string, empty: () => NoInfer<T>): T {
  const found = days.get(day) ?? empty();
  days.set(day, found);
  return found;
}
