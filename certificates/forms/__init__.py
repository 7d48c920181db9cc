"""Schemas of answer forms shared by several families, and the expansion of compact forms."""
