<?php

namespace App\Models;

use App\Support\Repository;

class User extends Model
{
    private Repository $repo;

    public function __construct(private string $name)
    {
        parent::__construct('users');
        $this->repo = new Repository();
    }

    public static function find(int $id): ?User
    {
        $user = new User('user' . $id);
        $user->load($id);
        return $user;
    }

    public static function create(string $name): static
    {
        return new static($name);
    }

    public function load(int $id): void
    {
        $this->repo->fetch($this->table(), $id);
        self::log('loaded');
    }

    public function save(): bool
    {
        $this->touch();
        return $this->repo->store($this->table(), $this->name);
    }

    private static function log(string $message): void
    {
        printf("%s\n", $message);
    }
}
