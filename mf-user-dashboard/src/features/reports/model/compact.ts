/** Drops empty filters: an empty select or date means "any", which the API expresses by absence. */
export const compact = <T extends object>(filters: T): Partial<T> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as Partial<T>;
