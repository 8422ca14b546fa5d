class Store
  def initialize(name)
    @name = name
    @rows = []
  end

  def save(row)
    validate(row)
    @rows << row
    Store.report(@rows.size)
  end

  def validate(row)
    raise ArgumentError, 'empty row' if row.nil?
  end

  def self.report(count)
    puts "#{count} rows"
  end
end

def open_store(name)
  Store.new(name)
end
