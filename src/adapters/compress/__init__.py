"""Compressor implementations: an OpenAI-compatible LLM one and an offline extractive one."""
