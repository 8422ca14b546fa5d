class Store
  class Full < StandardError
    def initialize(limit)
      super("more than #{limit} rows")
    end
  end

  class Closed < StandardError
  end

  LIMIT = 100

  def initialize(name)
    @name = name
    @rows = []
  end

  def save(row)
    validate(row)
    raise Full, LIMIT if @rows.size >= LIMIT
    @rows << row
    Store.report(@rows.size)
  end

  def validate(row)
    raise ArgumentError, 'empty row' if row.nil?
  end

  def close
    fail Store::Closed
  end

  def self.report(count)
    puts "#{count} rows"
  end
end

def open_store(name)
  Store.new(name)
end
