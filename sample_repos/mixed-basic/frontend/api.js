import { post } from "./http";

export function submit(form) {
  return post("/save", form);
}
