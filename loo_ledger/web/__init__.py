"""``loo serve``: the table on every phone (issue 23). A read-only page of the current
session, kept up to date by server-sent events, served by Starlette and uvicorn, which only
``loo serve`` loads.

- ``page``: the page and its parts as HTML (pure functions of services/live.py's table);
- ``hub``: the ledger watched from a thread of its own, each change rendered once and
  handed to every page;
- ``app``: the Starlette application (the token, the headers, the page, the events);
- ``server``: the socket, the address with its token, uvicorn.
"""
