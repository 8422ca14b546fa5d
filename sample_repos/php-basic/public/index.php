<?php

use App\Models\{User};
use App\Services\Registration;
use App\Support\Repository as Repo;
use Psr\Log\NullLogger;

require __DIR__ . '/../src/helpers.php';

$service = new Registration(new Repo(), new NullLogger());
$user = $service->register('ada');
log_line(format_name('ada'));
User::find(1)->save();
(new Repo())->fetch('users', 1);
