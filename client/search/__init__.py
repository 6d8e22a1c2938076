"""Finding the sections that answer a focus: parse the question (query), gather and describe
candidates (features), order them with the learned ranker (model), add the semantic lane's
nearest sections (dense), fit bodies to the token budget (trim); sections runs the whole search.
"""
