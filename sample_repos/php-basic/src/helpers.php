<?php

function log_line(string $message): void
{
    echo $message . PHP_EOL;
}

function format_name(string $name): string
{
    return strtoupper($name);
}
