export abstract class Entity {
  constructor(protected readonly id: string) {}

  touch(): void {}

  abstract kind(): string;

  describe(): string {
    return `${this.kind()} ${this.id}`;
  }
}
