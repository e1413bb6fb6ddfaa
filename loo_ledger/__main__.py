from loo_ledger.cli import main

main()
