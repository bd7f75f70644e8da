/// Parses `when` expression text into an `Expression`. (Implementation pending.)
public enum ExpressionParser {
    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        throw ExpressionError(message: "expressions are not implemented yet", offset: 0)
    }
}
