"""The gym rules: companies, plans, gates, equipment and admin input. No storage, no protobuf."""
