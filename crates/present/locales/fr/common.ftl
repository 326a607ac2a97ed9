you = vous
