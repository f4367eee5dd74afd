"""Tests of bilingual_cv.io: one module per source module."""
