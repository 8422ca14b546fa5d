require_relative 'lib/shapes/circle'

def main
  circle = Shapes::Circle.build('c')
  circle.label = 'big'
  puts circle.describe
  puts circle.kind
  puts Shapes.origin_area
  copy = circle.copy
  copy.relabel('copy')
end

main
