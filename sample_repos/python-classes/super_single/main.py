"""Employees extend people; __init__ and greet chain up with super()."""


class Person:
    def __init__(self, name):
        self.name = name

    def greet(self):
        return "Hi, " + self.name


class Employee(Person):
    def __init__(self, name, salary):
        super().__init__(name)
        self.salary = salary

    def greet(self):
        return super().greet() + " from payroll"


staff = Employee("Grace", 5000)
print(staff.greet())
