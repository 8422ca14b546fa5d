using System;
using Acme.Data;
using Acme.Models;
using Fmt = Acme.Util.Strings;

namespace Acme.App
{
    public class Program
    {
        private UserRepository Repo { get; }

        public Program(UserRepository repo)
        {
            Repo = repo;
        }

        public void Register(string name)
        {
            var user = new User(Fmt.Format(name));
            Repo.Save(user);
            this.Log(user);
        }

        public string Greet(string name)
        {
            INamed found = this.Repo.Find(name);
            return Fmt.Shout(found.Name());
        }

        private void Log(User user)
        {
            Console.WriteLine(user.Describe());
        }

        public static void Main(string[] args)
        {
            Program program = new Program(new UserRepository());
            program.Register("ada");
            new Report(program).Print("ada");
        }
    }
}
