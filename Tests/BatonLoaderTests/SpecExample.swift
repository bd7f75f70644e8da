/// The complete example of the format's specification, verbatim.
let specExample = """
    baton: 1
    app: Recipes
    start: root

    context:                      # facts the host app supplies at run time
      loggedIn: bool
      userId: string

    flags:
      newReviews: false           # bool flag, default false
      checkout:
        values: [classic, express]
        default: classic
        rollout: {express: 20}    # 20 % of users, bucketed by context.userId

    types:
      Recipe: {id: string, title: string?, vegetarian: bool?}
      Category: {kind: string}

    screens:
      login:
        events: [loggedIn]
      recipeList:
        input: Category
        events:
          select: Recipe
      recipeDetail:
        title: Recipe
        input: Recipe
        events:
          showReviews: Recipe
          openSource: url
      reviews: {input: Recipe}
      safari: {input: url}
      settings:
        events: {logOut: ~, openSource: url}

    flows:
      root:
        switch:
          - when: context.loggedIn
            flow: home
          - flow: auth
        on:
          auth.done: show home
          home.loggedOut: show auth

      auth:
        stack: login
        on:
          login.loggedIn: finish

      home:
        tabs:
          - {flow: meat, title: Meat, icon: hare.fill}
          - {flow: veggie, title: Veggie, icon: leaf.fill}
          - {flow: settingsTab, id: settings, title: Settings, icon: gear}
        on:
          settings.logOut: finish loggedOut

      meat:
        stack: recipeList
        with: {kind: meat}
        links:
          /recipes/{id}: recipeDetail
          /recipes/{id}/reviews: [recipeDetail, reviews]
        on:
          recipeList.select: push recipeDetail
          recipeDetail.showReviews:
            - when: flags.newReviews
              push: reviews
            - sheet: reviews
          "*.openSource": sheet safari

      veggie:
        stack: recipeList
        with: {kind: veggie}
        on:
          recipeList.select: push recipeDetail
          recipeDetail.showReviews: push reviews
          "*.openSource": sheet safari

      settingsTab:
        stack: settings
        on:
          settings.openSource: cover safari
    """
