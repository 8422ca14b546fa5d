import { User } from "./models.js";

class Index {
  static from(ids: string[]): Index {
    return new Index(ids);
  }

  constructor(private ids: string[]) {}

  has(id: string): boolean {
    return this.ids.includes(id);
  }
}

export class Repo {
  private index: Index;

  constructor(ids: string[]) {
    this.index = Index.from(ids);
  }

  find(id: string): User {
    if (!this.index.has(id)) {
      track("miss");
    }
    return new User(id);
  }
}

export function openRepo(): Repo {
  return new Repo(["u1", "u2"]);
}

export const defaultRepo = (): Repo => openRepo();
