"""Use cases between the files, the rules domain and the store: import, table play,
check, explain, analysis, reports. They take and return typed objects and never print."""
