"""Auth service: accounts, password sign-in, signing keys, access tokens and personal API keys.

Folders follow the usual split: ``domain`` holds pure rules, ``adapters`` the tables and queries,
``service_layer`` the use cases (one transaction each), ``entrypoints`` the gRPC servicer.
"""
