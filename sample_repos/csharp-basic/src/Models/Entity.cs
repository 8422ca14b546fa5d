namespace Acme.Models
{
    public abstract class Entity
    {
        public string Describe()
        {
            return Label();
        }

        protected virtual string Label()
        {
            return "entity";
        }
    }
}
