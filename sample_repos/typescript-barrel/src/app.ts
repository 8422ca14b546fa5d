import * as ids from "./ids";
import { Admin, Entity, Memory, Store, User } from "./models";

export function register(store: Store, id: string): User {
  const found = store.find(id);
  found.save();
  const user = new User(id);
  user.save();
  return user;
}

export function audit(entity: Entity): string {
  entity.touch();
  return entity.kind();
}

export function main(): void {
  const store = new Memory();
  register(store, "a");
  const admin = new Admin("root");
  admin.save();
  (admin as Entity).describe();
  audit(admin);
}

export function labels(): string[] {
  const cast = (ids.newId as any)("a");
  const checked = (ids.newId satisfies (prefix: string) => string)("b");
  const present = ids.oldId!("c");
  const asserted = (<any>ids.oldId)("d");
  return [cast, checked, present ?? "", asserted];
}
