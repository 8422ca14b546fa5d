namespace Acme.Util
{
    public static class Strings
    {
        public static string Format(string value)
        {
            return "[" + value + "]";
        }

        public static string Shout(string value)
        {
            return Format(value) + "!";
        }
    }
}
