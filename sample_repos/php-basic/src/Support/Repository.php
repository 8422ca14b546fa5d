<?php

namespace App\Support;

class Repository
{
    private array $rows = [];

    public function fetch(string $table, int $id): array
    {
        return $this->rows[$table][$id] ?? [];
    }

    public function store(string $table, string $value): bool
    {
        $this->rows[$table][] = normalize($value);
        return true;
    }
}

function normalize(string $value): string
{
    if (preg_match('/\s{2,}/', $value) === 1) {
        throw new \InvalidArgumentException('double space');
    }
    return trim(strtolower($value));
}
