import { User } from "./user";

export class Admin extends User {
  kind(): string {
    return "admin";
  }
}
