import { Entity } from "./entity";

export class User extends Entity {
  constructor(id: string) {
    super(id);
  }

  kind(): string {
    return "user";
  }

  save(): void {
    this.touch();
  }
}
