<?php

namespace App\Models;

abstract class Model
{
    public int $updatedAt = 0;

    public function __construct(protected string $table)
    {
    }

    public function table(): string
    {
        return $this->table;
    }

    public function touch(): void
    {
        $this->updatedAt = time();
    }
}
