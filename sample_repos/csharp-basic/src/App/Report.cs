namespace Acme.App
{
    internal class Report
    {
        private readonly Program _program;

        public Report(Program program)
        {
            _program = program;
        }

        public void Print(string name)
        {
            var line = _program.Greet(name);
            System.Console.WriteLine(Clock.Now() + " " + line);
            Flush();
        }

        private void Flush()
        {
            System.Console.Out.Flush();
        }
    }
}
