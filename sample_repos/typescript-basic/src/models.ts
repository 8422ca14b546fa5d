export interface Entity {
  id: string;
  describe(): string;
}

export class Base {
  constructor(protected readonly name: string) {}

  label(): string {
    return this.name.trim();
  }
}

export class User extends Base implements Entity {
  id: string;

  constructor(id: string) {
    super(id);
    this.id = id;
  }

  describe(): string {
    return `user ${this.label()}`;
  }
}
