namespace Acme.Models;

public interface INamed
{
    string Name();
}

public class User : Entity, INamed
{
    private readonly string _name;

    public User(string name)
    {
        _name = name;
    }

    public string Name() => _name;

    public string Card() => Describe();

    protected override string Label()
    {
        return "user " + base.Label();
    }
}
