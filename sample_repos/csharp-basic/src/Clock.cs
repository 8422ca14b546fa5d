namespace Acme
{
    public static class Clock
    {
        public static string Now() => "now";
    }
}
