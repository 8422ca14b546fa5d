require_relative 'lib/billing/invoice'
require_relative 'lib/store'
require 'json'

def main
  invoice = Billing::Invoice.build(3)
  puts invoice.total
  printer = Printer.new
  printer.show(invoice)
  open_store('archive').save(invoice)
end

class Printer
  def show(invoice)
    puts JSON.generate(invoice.summary)
    puts Billing.currency
    helper
  end

  def helper
    nil
  end
end

main
