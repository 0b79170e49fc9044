/*
 * Schemas a shared factory builds per setting (the password rules' minimum length): the server
 * declares a new instance, so scripts/api-contract.ts, which names a route's schema by the shared
 * export it is, names these by the factory that built them.
 */
const factories = new WeakMap<object, unknown>();

export function builtBy<T extends object>(schema: T, factory: unknown): T {
  factories.set(schema, factory);
  return schema;
}

export const factoryOf = (schema: object): unknown => factories.get(schema);
