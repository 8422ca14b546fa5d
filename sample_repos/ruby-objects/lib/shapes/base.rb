module Shapes
  module Units
    def self.convert(value)
      value * 2
    end

    def scale(value)
      value
    end
    module_function :scale
  end

  class Shape
    attr_reader :name

    def self.build(name)
      new(name)
    end

    def self.kind
      'shape'
    end

    def kind
      self.class.kind
    end

    def initialize(name)
      @name = name
    end

    def label=(text)
      @label = text
    end

    def describe
      "#{title} of #{self.class.kind}"
    end

    def title
      name.upcase
    end

    def shout
      title.upcase
    end

    def copy
      self.class.new(name)
    end

    def renamed(other)
      twin = dup
      twin.relabel(other)
      self.dup.relabel(other)
    end

    def relabel(text)
      self.label = text
      text
    end
  end
end
