"""Remote storage backends."""
