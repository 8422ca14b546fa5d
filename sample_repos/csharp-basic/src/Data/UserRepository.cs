using System.Collections.Generic;
using Acme.Models;

namespace Acme.Data
{
    public class UserRepository
    {
        private readonly List<User> _users = new List<User>();

        public void Save(User user)
        {
            _users.Add(user);
        }

        public User Find(string name)
        {
            foreach (User user in _users)
            {
                if (user.Name() == name)
                {
                    return user;
                }
            }
            return null;
        }
    }
}
