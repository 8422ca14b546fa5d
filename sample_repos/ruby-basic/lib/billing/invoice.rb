require_relative '../store'

module Billing
  def self.currency
    'EUR'
  end

  class Document
    def initialize(amount)
      @amount = amount
    end

    def describe
      "document of #{@amount}"
    end
  end

  class Invoice < Document
    TAX = 2

    def self.build(amount)
      Invoice.new(amount)
    end

    def initialize(amount)
      super(amount)
      @store = Store.new('invoices')
    end

    def total
      subtotal + tax
    end

    def summary
      log
      log_line('summary')
      @store.save(self.describe)
      self.total
    end

    private

    def subtotal
      @amount
    end

    def tax
      TAX
    end

    def log
      log_line('saving')
    end

    def log_line(text)
      puts text
    end
  end
end
