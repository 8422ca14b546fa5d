"""Vehicles: only the root class defines __init__."""


class Vehicle:
    def __init__(self, wheels, plate):
        self.wheels = wheels
        self.plate = plate


class Car(Vehicle):
    def honk(self):
        return "beep " + self.plate


class SportsCar(Car):
    def launch(self):
        return self.honk() + " vroom"


def showroom():
    car = Car(4, "AB-123")
    fast = SportsCar(4, "GO-777")
    return car.honk(), fast.launch()


print(showroom())
