class Animal:
    def speak(self):
        return "says " + self.sound()

    def sound(self):
        return "..."


class Dog(Animal):
    pass


class Puppy(Dog):
    def sound(self):
        return "yip"


class Robot:
    def sound(self):
        return "beep"


print(Puppy().speak(), Dog().speak(), Robot().sound())
