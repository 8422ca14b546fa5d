export * from "./user";
export { Entity } from "./entity";
export { MemoryStore as Memory, Store } from "./repo";
export { Admin } from "./admin";
