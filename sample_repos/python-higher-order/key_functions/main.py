class Employee:
    def __init__(self, name, salary):
        self.name = name
        self.salary = salary


def by_salary(employee):
    return employee.salary


def rank(staff):
    ordered = sorted(staff, key=by_salary)
    top = max(staff, key=lambda e: e.salary)
    low = min(staff, key=by_salary)
    staff.sort(key=lambda e: e.name)
    return ordered[0].name, top.name, low.name


staff = [Employee("ann", 3), Employee("bob", 2)]
print(rank(staff))
