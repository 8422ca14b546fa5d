<?php

namespace App\Services;

use App\Models\User;
use App\Models\User as Account;
use App\Support\Repository;
use Psr\Log\LoggerInterface;

use function App\Support\normalize;

require_once __DIR__ . '/../helpers.php';

class Registration
{
    public function __construct(private Repository $repo, private LoggerInterface $logger)
    {
    }

    public function register(string $name): User
    {
        $clean = normalize($name);
        $user = User::create($clean);
        $user->save();
        $this->audit($user);
        $this->repo->store('audit', $clean);
        return $user;
    }

    public function lookup(int $id): void
    {
        $account = Account::find($id);
        $account->save();
        log_line(format_name('guest'));
    }

    private function audit(User $user): void
    {
        $user->touch();
        $this->logger->info('registered');
        log_line('registered');
    }
}
